import type { MetaFunction } from '@remix-run/node';
import { ScreenIntro } from '~/components/screen-intro';
import { copy } from '~/copy';
import { screenMeta } from '~/meta';
import { useRootData } from '~/root-data';

export const meta: MetaFunction = ({ matches }) => screenMeta(matches);

/** `/` and `/dictation2024`. */
export default function HomeScreen() {
  const { product } = useRootData();
  return <ScreenIntro title={product.title} lead={copy.siteDescription} />;
}
