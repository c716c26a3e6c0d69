import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/auth/require-user.server';
import { collectionMeta, CollectionScreen, type CollectionCopy } from '~/components/collection-screen';
import { requireDigitsId } from '~/route-params';

const copy: CollectionCopy = {
  title: 'Диктанты',
  lead: 'В этом разделе собраны диктанты.',
  itemTitle: 'Диктант',
  backToList: 'Все диктанты',
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireDigitsId(params, request);
  await requireUser(request, context);
  return null;
}

export const meta = collectionMeta(copy);

/** `/lk/dictations` and `/lk/dictations/{id}`. */
export default function DictationsScreen() {
  return <CollectionScreen copy={copy} listPath="/lk/dictations" />;
}
