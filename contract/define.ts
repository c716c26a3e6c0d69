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
export function call<
  Q extends z.ZodTypeAny,
  B extends z.ZodTypeAny,
  R extends z.ZodTypeAny,
  S extends boolean = false,
>(def: {
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
  /**
   * The answer is published content, the same for every caller: the upstream must not personalise it by the
   * token (with a token, without one, or with anyone's). Only such a read may be shared among users by the
   * portal's read cache (ADR 208), which asks for it without any token and keys it by call and query alone.
   */
  shared?: S;
}) {
  return { ...def, shared: (def.shared ?? false) as S };
}

export const noQuery = z.object({});
export const noBody = z.undefined();

export const emptyResult = z.object({}).passthrough();

/**
 * A file a result points at (a material, a recording, a certificate): its path on the upstream, always under
 * `/files/`, which only the BFF fetches and streams on; the browser never sees the upstream's address.
 */
export const fileRef = z.object({
  path: z.string().regex(/^\/files\/(?!.*\.\.)[\w\-./]+$/),
  /** The name offered for download, in Russian where it fits. */
  name: z.string().min(1).max(200),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  /** The MIME type. */
  type: z.string().min(1).max(100),
});
export type FileRef = z.infer<typeof fileRef>;

/** The provider's image file extensions (docs/product.md §3): such a file is shown, any other is downloaded. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg', 'gif', 'webp'] as const;
export const isImageFile = (name: string): boolean =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');
