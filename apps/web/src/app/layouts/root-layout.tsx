import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { GlobalLoader } from '@/components/layout/global-loader';
import { selectLoader, useAppSelector } from '@/lib/store-hooks';

/** The top of every route: the global loader bar (flag or page navigation) and scroll restoration. */
export function RootLayout() {
  const loader = useAppSelector(selectLoader);
  const navigation = useNavigation();
  return (
    <>
      <GlobalLoader active={loader || navigation.state === 'loading'} />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
