/**
 * GET (and HEAD) EXTENSION_ZIP_PATH: the packaged browser extension, the zip `npm run build:extension`
 * writes (config EXTENSION_ZIP, ./dist-extension.zip by default), so a seller installs it from the
 * CreatorDesk they use: the /extension guide links it when this answers, and names the operator
 * when it does not. Public like the guide: the package holds no address, token or workspace data
 * (pairing gives it those), and it is the same file for everyone. One fixed path, no parameters;
 * the file is looked up per request, so a release that builds it later is served without a restart.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { EXTENSION_ZIP_NAME, EXTENSION_ZIP_PATH } from '../../contract/limits.ts';
import type { Config } from '../config.ts';
import { fail } from './envelope.ts';

export function registerExtensionDownload(app: FastifyInstance, config: Pick<Config, 'extensionZip'>): void {
  app.get(EXTENSION_ZIP_PATH, async (req, reply) => {
    let size: number;
    try {
      const st = await fs.promises.stat(config.extensionZip);
      if (!st.isFile()) throw new Error('not a file');
      size = st.size;
    } catch {
      return reply.status(404).send(fail(req, 40004, 'file_not_found'));
    }
    return (
      reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${EXTENSION_ZIP_NAME}"`)
        .header('content-length', size)
        // A new release may build a new package under the same name.
        .header('cache-control', 'no-cache')
        .send(fs.createReadStream(config.extensionZip))
    );
  });
}
