import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireUser } from '#bff/auth/require-user.server';
import { screenMeta } from '~/meta';

const copy = { title: 'Безопасность' };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export default function SecurityScreen() {
  return <h1>{copy.title}</h1>;
}
