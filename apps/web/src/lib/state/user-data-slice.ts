import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Role, type SubscribedApp } from '@shipdesk/contract';
import { reset } from './reset.ts';
import { sameValue } from './same-value.ts';

/** The signed-in user as the app keeps it (spec 3, "userData"). */
export interface UserData {
  ID: string;
  /** The organisation (tenant) id from the token's org_id claim. */
  client_id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  country: string;
  state: string;
  zipcode: string;
  user_role_id: number;
  status: string;
  subscribedApps: SubscribedApp[];
}

export const initialUserData: UserData = {
  ID: '',
  client_id: '',
  email: '',
  first_name: '',
  last_name: '',
  phone: '',
  address1: '',
  address2: '',
  city: '',
  country: 'US',
  state: '',
  zipcode: '',
  user_role_id: Role.Admin,
  status: '',
  subscribedApps: [],
};

const userDataSlice = createSlice({
  name: 'userData',
  initialState: initialUserData,
  reducers: {
    /** Merges the given fields (e.g. from the ID token claims). */
    updateUserData(state, action: PayloadAction<Partial<Omit<UserData, 'subscribedApps'>>>) {
      Object.assign(state, action.payload);
    },
    /** The same array kept when the answer lists the same apps. */
    setSubscribedApps(state, action: PayloadAction<SubscribedApp[]>) {
      if (!sameValue(state.subscribedApps, action.payload)) state.subscribedApps = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(reset, () => initialUserData);
  },
});

export const { updateUserData, setSubscribedApps } = userDataSlice.actions;
export const userDataReducer = userDataSlice.reducer;
