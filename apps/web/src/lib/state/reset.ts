import { createAction } from '@reduxjs/toolkit';

/** The global RESET action (spec 4.4): every slice returns to its initial state. */
const RESET = 'RESET';
export const reset = createAction(RESET);
