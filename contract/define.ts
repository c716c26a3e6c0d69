import { z } from 'zod';

/**
 * The pieces every contract entry is built from: the envelope `{ success, result, errors }` that every /rest
 * answer is wrapped in, the version header, and `call()`, which describes one call.
 */

export const apiError = z.object({
  code: z.string(),
  message: z.string(),
  /** The form field the error belongs to, when there is one. */
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiError>;

export const envelope = z.object({
  success: z.boolean(),
  result: z.unknown(),
  errors: z.array(apiError).default([]),
});
export type Envelope = z.infer<typeof envelope>;

export const VERSION_HEADER = 'X-Api-Version';

/** One entry per call: method, path, and the schemas of its query, body and result. */
export function call<Q extends z.ZodTypeAny, B extends z.ZodTypeAny, R extends z.ZodTypeAny>(def: {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: `/rest/${string}`;
  query: Q;
  body: B;
  result: R;
  /**
   * How the session's auth token travels (as the `token` query parameter): `required` calls fail without a
   * session, `optional` ones send it when there is one (the provider: "token sent as query when present").
   */
  auth: 'required' | 'optional' | 'none';
  /** Not in the provider's API: a call this project added in the same style (docs/product.md marks them). */
  extension?: true;
}) {
  return def;
}

export const noQuery = z.object({});
export const noBody = z.undefined();

export const emptyResult = z.object({}).passthrough();

/** The provider's image extensions: a file with one of them is shown as an image, any other is a download. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg', 'gif', 'webp'] as const;
export const isImageFile = (name: string): boolean =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');
