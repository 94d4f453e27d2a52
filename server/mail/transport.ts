import nodemailer, { type Transporter } from 'nodemailer';

/** A DKIM key to sign every message with: the domain it speaks for and the selector its public key is published under. */
export type DkimKey = { domainName: string; keySelector: string; privateKey: string };

/**
 * The SMTP transport of every sender: pooled (a few connections kept open and reused, so a batch
 * does not pay a handshake per message) and DKIM-signed when a key is configured.
 */
export function createMailTransport(smtpUrl: string, options: { dkim?: DkimKey | null; maxConnections?: number } = {}): Transporter {
  const url = new URL(smtpUrl);
  return nodemailer.createTransport({
    pool: true,
    maxConnections: options.maxConnections ?? 4,
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    // A relay on this host speaks plain SMTP (a local sink, a sidecar MTA); elsewhere STARTTLS is tried as offered.
    ignoreTLS: url.hostname === '127.0.0.1' || url.hostname === 'localhost',
    ...(options.dkim ? { dkim: options.dkim } : {}),
  });
}
