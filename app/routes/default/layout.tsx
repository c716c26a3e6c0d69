import { Outlet, useSearchParams } from '@remix-run/react';
import { FormNotice } from '~/components/form/form-alert';
import { PublicNav } from '~/components/public-nav';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';
import { useRootData } from '~/lib/root-data';

const copy = { signedOut: 'Вы вышли из личного кабинета.' };

/**
 * The public layout: product title, sign-in or cabinet link, contacts. A logout lands here with `?signed-out=1`
 * (app/routes/logout.ts): the notice stands atop the page, a `role="status"` region as every confirmation,
 * rendered by the server, so it shows without JavaScript too.
 */
export default function DefaultLayout() {
  const { product, viewer } = useRootData();
  const [searchParams] = useSearchParams();
  const signedOut = searchParams.get('signed-out') === '1' && !viewer;
  return (
    <>
      <SiteHeader productTitle={product.title}>
        <PublicNav viewer={viewer} />
      </SiteHeader>
      <main id="main" tabIndex={-1} className="container main">
        {signedOut ? <FormNotice>{copy.signedOut}</FormNotice> : null}
        <Outlet />
      </main>
      <SiteFooter contacts={product.contacts} certificateCheck />
    </>
  );
}
