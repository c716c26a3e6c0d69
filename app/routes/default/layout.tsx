import { Outlet } from '@remix-run/react';
import { PublicNav } from '~/components/public-nav';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';
import { useRootData } from '~/lib/root-data';

/** The public layout: product title, sign-in or cabinet link, contacts. */
export default function DefaultLayout() {
  const { product, viewer } = useRootData();
  return (
    <>
      <SiteHeader productTitle={product.title}>
        <PublicNav viewer={viewer} />
      </SiteHeader>
      <main id="main" tabIndex={-1} className="container main">
        <Outlet />
      </main>
      <SiteFooter contacts={product.contacts} />
    </>
  );
}
