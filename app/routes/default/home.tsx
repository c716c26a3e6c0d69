import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BannerList } from '~/components/home/banner-list';
import { ScreenIntro } from '~/components/screen-intro';
import { copy } from '~/copy';
import { screenMeta } from '~/meta';
import { useRootData } from '~/root-data';
import homeStyles from '~/styles/home.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: homeStyles }];
export const meta: MetaFunction = ({ matches }) => screenMeta(matches);

export async function loader({ context }: LoaderFunctionArgs) {
  return { banners: await context.rest.banners.list() };
}

/** `/` and `/dictation2024`. */
export default function HomeScreen() {
  const { product } = useRootData();
  const { banners } = useLoaderData<typeof loader>();
  return (
    <>
      <ScreenIntro title={product.title} lead={copy.siteDescription} />
      <BannerList banners={banners} />
    </>
  );
}
