import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/auth/require-user.server';
import { collectionMeta, CollectionScreen, type CollectionCopy } from '~/components/collection-screen';
import { requireDigitsId } from '~/route-params';

const copy: CollectionCopy = {
  title: 'Сценарии',
  lead: 'В этом разделе собраны сценарии.',
  itemTitle: 'Сценарий',
  backToList: 'Все сценарии',
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireDigitsId(params, request);
  await requireUser(request, context);
  return null;
}

export const meta = collectionMeta(copy);

/** `/lk/scenarios` and `/lk/scenarios/{id}`. */
export default function ScenariosScreen() {
  return <CollectionScreen copy={copy} listPath="/lk/scenarios" />;
}
