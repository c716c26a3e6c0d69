import type { MetaFunction } from '@remix-run/node';
import { screenMeta } from '~/meta';

const copy = { title: 'Вход' };

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

/** `/login` and `/dictation2024-login`. */
export default function LoginScreen() {
  return <h1>{copy.title}</h1>;
}
