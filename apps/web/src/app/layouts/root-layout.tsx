import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { GlobalLoader } from '@/components/layout/global-loader';
import { selectLoader, useAppSelector } from '@/lib/store-hooks';
import { useRouteTitle } from '../route-title.ts';

/** The top of every route: the document title, the global loader bar (flag or page navigation), scroll restoration. */
export function RootLayout() {
  useRouteTitle();
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
