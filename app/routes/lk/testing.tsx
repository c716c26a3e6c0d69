import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#bff/auth/require-user.server';
import { collectionMeta, CollectionScreen, type CollectionCopy } from '~/components/collection-screen';
import { requireDigitsId } from '~/route-params';

const copy: CollectionCopy = {
  title: 'Тестирование',
  lead: 'В этом разделе собраны тесты.',
  itemTitle: 'Тест',
  backToList: 'Все тесты',
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireDigitsId(params, request);
  await requireUser(request, context);
  return null;
}

export const meta = collectionMeta(copy);

/** `/lk/testing` and `/lk/testing/{id}`. */
export default function TestingScreen() {
  return <CollectionScreen copy={copy} listPath="/lk/testing" />;
}
