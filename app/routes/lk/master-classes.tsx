import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/auth/require-user.server';
import { collectionMeta, CollectionScreen, type CollectionCopy } from '~/components/collection-screen';
import { requireDigitsId } from '~/route-params';

const copy: CollectionCopy = {
  title: 'Мастер-классы',
  lead: 'В этом разделе собраны мастер-классы в формате вебинаров.',
  itemTitle: 'Мастер-класс',
  backToList: 'Все мастер-классы',
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireDigitsId(params, request);
  await requireUser(request, context);
  return null;
}

export const meta = collectionMeta(copy);

/** `/lk/master-classes` and `/lk/master-classes/{id}`. */
export default function MasterClassesScreen() {
  return <CollectionScreen copy={copy} listPath="/lk/master-classes" />;
}
