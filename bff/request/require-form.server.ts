/**
 * The longest field name a form may have. The portal's own are under 40 characters; conform's parser recurses
 * once per `.` or `[` of a name, so a name thousands of levels deep (a few kilobytes) overflowed the stack.
 */
const MAX_FIELD_NAME = 256;

/**
 * Reads an action's form, or throws the 4xx that says why it cannot: every action posts a form, so another
 * method is 405, a body that is not a form (none, JSON, text) is 415, and a form that cannot be parsed (broken
 * multipart) or names a field no form has (a name longer than any of ours) is 400. Input the portal cannot use
 * is the client's error, never a 500 with a stack in the log.
 */
export async function requireForm(request: Request): Promise<FormData> {
  if (request.method !== 'POST') throw refuse(405, 'Метод не поддерживается.', { Allow: 'POST' });
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
    throw refuse(415, 'Ожидалась отправка формы.');
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw refuse(400, 'Не удалось прочитать форму.');
  }
  for (const name of form.keys()) if (name.length > MAX_FIELD_NAME) throw refuse(400, 'Не удалось прочитать форму.');
  return form;
}

function refuse(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });
}
