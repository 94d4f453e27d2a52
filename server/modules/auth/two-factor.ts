import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const ISSUER = 'Pressroom';
// One step either side: phones whose clocks drift by up to 30 s still get in.
const TOLERANCE_SECONDS = 30;

export async function newTwoFactorSetup(email: string): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * Checks a code; a code is good once: `lastStep` (the time step of the last code accepted)
 * refuses a replay of it or of any earlier one.
 */
export async function checkTwoFactorCode(secret: string, code: string, lastStep: number | null): Promise<{ valid: false } | { valid: true; step: number }> {
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS, ...(lastStep !== null ? { afterTimeStep: lastStep } : {}) });
  return result.valid && 'timeStep' in result ? { valid: true, step: result.timeStep as number } : { valid: false };
}
