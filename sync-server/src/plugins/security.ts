import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** CSP hashes of the inline scripts of the built index.html (the pre-paint theme script). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Origins a configured social sign-in needs, and only when it is configured: the Google profile picture
 * (auth check's googleAvatar), and the Facebook SDK (script, its login frames and Graph calls).
 */
export function socialSignInSources(config: Pick<Config, 'google' | 'facebook'>) {
  const google = !!config.google.clientId;
  const facebook = !!config.facebook.appId;
  return {
    script: facebook ? ['https://connect.facebook.net'] : [],
    img: [
      ...(google ? ['https://*.googleusercontent.com'] : []),
      ...(facebook ? ['https://www.facebook.com'] : []),
    ],
    connect: facebook ? ['https://graph.facebook.com', 'https://www.facebook.com'] : [],
    frame: facebook
      ? ['https://www.facebook.com', 'https://web.facebook.com', 'https://staticxx.facebook.com']
      : [],
  };
}

/**
 * Security headers, with a Content-Security-Policy the PWA works under: scripts only from this origin plus
 * the hashed inline theme script (no 'unsafe-inline' for scripts), the inlined stylesheet allowed, the sync
 * socket and API on this origin only, no plugins, no framing of Hobbiz by other sites.
 */
export default fp(async function security(app: FastifyInstance) {
  const index = app.config.staticDir ? join(app.config.staticDir, 'index.html') : '';
  const hashes = index && existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
  const social = socialSignInSources(app.config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...hashes, ...social.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...social.img],
        // The map box asks the maps host whether it can be reached (an iframe reports no network error).
        connectSrc: ["'self'", 'https://maps.google.com', 'https://www.google.com', ...social.connect],
        fontSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // The announcement page embeds a map (spec doc 2 §7: keyless embed of an external maps service).
        frameSrc: ['https://www.google.com', 'https://maps.google.com', ...social.frame],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The app is also served over plain http on a LAN or localhost: never rewrite its own requests.
    strictTransportSecurity: false,
  });
});
