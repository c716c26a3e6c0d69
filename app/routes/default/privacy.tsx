import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ScreenIntro } from '~/components/screen-intro';
import { PrivacyPolicy } from '~/components/legal';
import { screenMeta } from '~/lib/meta';

const copy = { title: 'Политика обработки персональных данных' };

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

/** `/privacy`, public: the operator's policy on personal data, the operator from the config. */
export async function loader({ context }: LoaderFunctionArgs) {
  return {
    operator: context.config.product.operator,
    product: context.config.product.title,
  };
}

export default function PrivacyScreen() {
  const legal = useLoaderData<typeof loader>();
  return (
    <section>
      <ScreenIntro title={copy.title} />
      <PrivacyPolicy {...legal} />
    </section>
  );
}
