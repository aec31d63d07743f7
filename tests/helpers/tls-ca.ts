/**
 * A throwaway certificate authority for the HTTPS tests: a CA and one server certificate for a
 * test host name (openssl), plus an NSS database holding the CA as a trusted root (certutil, from
 * Debian's libnss3-tools), which Chromium reads from $HOME/.pki/nssdb. Nothing touches the
 * machine's own trust store; everything lives in one temporary directory.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestCa {
  dir: string;
  /** PEM of the CA (Node clients pass it as `ca`). */
  caPem: string;
  certFile: string;
  keyFile: string;
  /** A HOME for Chromium whose NSS database trusts the CA. */
  browserHome: string;
}

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

export function createTestCa(host: string): TestCa {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-tls-'));
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=CreatorDesk throwaway test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  openssl(['req', ...ec, '-keyout', 'key.pem', '-out', 'server.csr', '-subj', `/CN=${host}`], dir);
  fs.writeFileSync(
    path.join(dir, 'server.ext'),
    [
      `subjectAltName=DNS:${host}`,
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
    ].join('\n'),
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      'server.ext',
      '-out',
      'cert.pem',
    ],
    dir,
  );

  const browserHome = path.join(dir, 'home');
  const nssdb = path.join(browserHome, '.pki', 'nssdb');
  fs.mkdirSync(nssdb, { recursive: true });
  execFileSync('certutil', ['-d', `sql:${nssdb}`, '-N', '--empty-password'], { stdio: 'pipe' });
  execFileSync(
    'certutil',
    ['-d', `sql:${nssdb}`, '-A', '-t', 'C,,', '-n', 'CreatorDesk test CA', '-i', path.join(dir, 'ca.pem')],
    { stdio: 'pipe' },
  );
  return {
    dir,
    caPem: fs.readFileSync(path.join(dir, 'ca.pem'), 'utf8'),
    certFile: path.join(dir, 'cert.pem'),
    keyFile: path.join(dir, 'key.pem'),
    browserHome,
  };
}
