/**
 * Serves only the host names this install is for, against DNS rebinding: a page on
 * `evil.example` whose name is switched to 127.0.0.1 talks to a local CreatorDesk as its own
 * origin (Host and Origin both `evil.example:5180`), so the cross-site guard sees nothing foreign
 * and the published demo logins of a local install would open. Every request whose Host names
 * another host answers 421 Misdirected Request (the JSON envelope under /api, plain text elsewhere),
 * before the cross-site guard, any body parsing or any route runs.
 *
 * Served: loopback names (`localhost`, `*.localhost`, 127.0.0.0/8, `[::1]`), the team site
 * (CREATORDESK_SITE, the name Caddy serves and passes through as Host), ALLOWED_HOSTS, the listen
 * address when HOST names one host, and the `api.` sibling of each configured name (the spec's API
 * sub-domain). HOST=0.0.0.0 names none: LAN clients need their address in ALLOWED_HOSTS. Ports are not compared: a
 * rebinding page chooses the name, never the port, and Caddy or a LAN client may use any port.
 * Caddy's health checks and Prometheus call each process as 127.0.0.1:<port>, which is loopback.
 * Behind a trusted proxy X-Forwarded-Host is checked as well as Host, because `req.host` (the
 * cross-site guard's own host) reads it: a same-origin page could set it.
 */
import net from 'node:net';
import { domainToASCII } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { fail } from './envelope.ts';

/** A Host header: a name or IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST_HEADER = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9_.-]+))(?::\d{1,5})?$/i;

/** A host name as it appears in a Host header: dot-separated labels, no empty one. */
const HOST_NAME = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/;

/** An IP literal in one spelling (IPv6 compressed, lower case), so settings and headers compare. */
const ipKey = (ip: string): string => ipaddr.parse(ip).toString();

/**
 * The host name (lower case, no trailing dot) or IP literal of a setting's entry, which may be
 * written as Caddy takes a site address (`desk.example.com`, `https://desk.example.com:443`,
 * `[::1]:5180`, `192.168.1.20`); null when it names no single host (`:443`, `*.example.com`).
 */
export function hostOfEntry(entry: string): string | null {
  const rest = entry
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .split('/')[0]!;
  if (net.isIPv6(rest)) return ipKey(rest);
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(rest);
  if (bracketed) return net.isIPv6(bracketed[1]!) ? ipKey(bracketed[1]!) : null;
  const name = rest.replace(/:\d{1,5}$/, '').replace(/\.$/, '');
  if (net.isIPv4(name)) return ipKey(name);
  // International names as the browser sends them (punycode, lower case).
  const ascii = domainToASCII(name);
  return HOST_NAME.test(ascii) ? ascii : null;
}

/** Every host of a comma- or space-separated setting, or the entries that name no host. */
export function parseHostList(raw: string): { hosts: string[]; bad: string[] } {
  const entries = raw.split(/[\s,]+/).filter(Boolean);
  const hosts = entries.map(hostOfEntry);
  return {
    hosts: hosts.filter((h): h is string => h !== null),
    bad: entries.filter((_, i) => hosts[i] === null),
  };
}

/**
 * The listen address (HOST) when it names one non-loopback host (HOST=192.168.1.20): the install
 * is plainly for that address. Null for loopback and for every interface (0.0.0.0, ::), which
 * names no host a client uses.
 */
export function listenHostServed(listen: string): string | null {
  const host = hostOfEntry(listen);
  if (!host || isLoopback(host)) return null;
  return net.isIP(host) !== 0 && ipaddr.parse(host).range() === 'unspecified' ? null : host;
}

/** HOST=0.0.0.0 or ::: every interface, so devices on the network need ALLOWED_HOSTS. */
export const listensEverywhere = (listen: string): boolean =>
  net.isIP(listen) !== 0 && ipaddr.parse(listen).range() === 'unspecified';

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return net.isIP(host) !== 0 && ipaddr.process(host).range() === 'loopback';
}

/** Whether a Host header value names a host this install serves (`allowed` from hostOfEntry). */
export function isServedHost(header: string | undefined, allowed: readonly string[]): boolean {
  const m = header ? HOST_HEADER.exec(header) : null;
  if (!m) return false;
  let host: string;
  if (m[1]) {
    if (!net.isIPv6(m[1])) return false;
    host = ipKey(m[1]);
  } else {
    host = m[2]!.toLowerCase().replace(/\.$/, '');
    if (net.isIPv4(host)) host = ipKey(host);
  }
  if (isLoopback(host) || allowed.includes(host)) return true;
  const sibling = host.slice(4);
  return host.startsWith('api.') && net.isIP(sibling) === 0 && allowed.includes(sibling);
}

/** The onRequest hook app.ts installs before the cross-site guard (after the security headers'). */
export const hostGuard =
  (allowed: readonly string[]) =>
  async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const raw = req.headers.host ?? (req.headers[':authority'] as string | undefined);
    if (isServedHost(raw, allowed) && (req.host === raw || isServedHost(req.host, allowed))) return undefined;
    req.log.warn({ host: raw, forwardedHost: req.host, url: req.url }, 'request for another host refused');
    reply.status(421);
    if (req.url.startsWith('/api/')) return reply.send(fail(req, 40003, 'host_not_served'));
    return reply
      .type('text/plain; charset=utf-8')
      .send('421 Misdirected Request: this CreatorDesk server does not answer for this host name.\n');
  };
