// The app's typed hooks live in src/lib so features can use them too (features never import src/app).
export { useAppDispatch, useAppSelector } from '@/lib/store-hooks';
export type { AppDispatch, RootState } from '@/lib/store-hooks';
