/** The fields a content file's columns can be read as, in the order the import dialog lists them (no zod: screens import it). */
export const CONTENT_IMPORT_FIELDS = [
  'creator',
  'video',
  'post_time',
  'products',
  'views',
  'likes',
  'comments',
  'orders',
  'gmv',
] as const;
export type ContentImportField = (typeof CONTENT_IMPORT_FIELDS)[number];
