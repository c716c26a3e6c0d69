import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ScreenIntro } from '~/components/screen-intro';
import { ConsentText } from '~/components/legal';
import { screenMeta } from '~/lib/meta';

const copy = { title: 'Согласие на обработку персональных данных' };

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

/** `/consent`, public: the text the registration's consent box agrees to, the operator from the config. */
export async function loader({ context }: LoaderFunctionArgs) {
  return {
    operator: context.config.product.operator,
    product: context.config.product.title,
  };
}

export default function ConsentScreen() {
  const legal = useLoaderData<typeof loader>();
  return (
    <section>
      <ScreenIntro title={copy.title} />
      <ConsentText {...legal} />
    </section>
  );
}
