import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { reset } from './reset.ts';

/** The global loader flag (spec 2.3): any screen may switch the thin top progress bar on or off. */
const loaderSlice = createSlice({
  name: 'loader',
  initialState: false,
  reducers: {
    setLoader: (_state, action: PayloadAction<boolean>) => action.payload,
  },
  extraReducers: (builder) => {
    builder.addCase(reset, () => false);
  },
});

export const { setLoader } = loaderSlice.actions;
export const loaderReducer = loaderSlice.reducer;
