/**
 * The extension's public key, which pins its id for unpacked and self-hosted builds: Chrome derives
 * the id from it (sha256 of the key, first 32 hex digits written a–p), so the id is the same on
 * every machine and folder. The CreatorDesk server allows this origin's calls by default (its
 * cross-site guard refuses other origins' state-changing calls); a Chrome Web Store listing gets the
 * store's own id, which goes in the server's ALLOWED_ORIGINS. No private key is needed or kept.
 */
import { EXT_ID, EXT_ORIGIN } from '../contract/limits.ts';

export const EXTENSION_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwf1bNB+7z5mOanjg3PuVxWrPvu9VaedqvMQzUIzhIMvQ9SwI2pP0s8qaD7oRIxSx+nlcmcU08VsLnf81nCTaNMrudk1GDZqBK86j4YTMUs9R1kcL4/9bhf0hNKo98q4y+jdPtXExgyeDIHvD6AUg/htwTeL7isvPcSQ7e/0SWnnvKP7Sl5Jya92hm4H/Jwz3gAk8GfFlXsrFMIO8V+tv6AKuEsIqR0jGFGJN/TD6Axv65Lip1qcsoGKWQJlDY07pp+MB5+QpEySEOtX8oZwc0SMYCHHuhJVsZLE9ETwq6RVQ+wj9fMxZXaBrVThQIv1XDkZbETLUVZoruKQ63bOENwIDAQAB';

/** The id Chrome gives this build (EXTENSION_KEY's hash); checked by extension/src/identity.test.ts. */
export const EXTENSION_ID = EXT_ID;
export const EXTENSION_ORIGIN = EXT_ORIGIN;
