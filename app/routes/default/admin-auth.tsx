import type { MetaFunction } from '@remix-run/node';
import { screenMeta } from '~/meta';

const copy = { title: 'Вход для администратора' };

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export default function AdminAuthScreen() {
  return <h1>{copy.title}</h1>;
}
