import { createPrivateKey, createSign, X509Certificate, type KeyObject } from 'node:crypto';
import { HttpError } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import {
  checkOrigin,
  checkSignRequest,
  createSignatureAllowance,
  webAppOrigins,
  type SignatureRate,
} from './printing-guard.ts';

/** The site's certificate and private key for QZ Tray, PEM text; both unset when printing is not configured. */
export interface PrintingOptions {
  certificate: string | undefined;
  privateKey: string | undefined;
  /** The web app's addresses (PUBLIC_URL and WEB_ORIGINS): only their pages are given signatures. */
  webOrigins: string[];
  /** Signatures per user (default: 300 at once, then 2 a second). */
  signatureRate?: SignatureRate;
  now?: () => number;
}

/** Who asks for a signature, and from which page. */
interface SignatureCaller {
  auth: AuthContext;
  /** The request's `Origin` header. */
  origin: string | undefined;
}

export interface PrintingService {
  /** The certificate QZ Tray shows the person and checks signatures with (PEM, as configured). */
  certificate(): string;
  /** QZ Tray's hash of a call signed with RSA-SHA512, base64, for a person on one of the web app's pages. */
  sign(request: string, caller: SignatureCaller): string;
}

const DEFAULT_SIGNATURE_RATE: SignatureRate = { burst: 300, perSecond: 2 };

const notConfigured = () =>
  new HttpError(404, 'Printing is not set up on this server; QZ Tray asks to allow each connection', {
    reason: 'printing_not_configured',
  });

function parseKeyPair(certificate: string, privateKey: string): KeyObject {
  let key: KeyObject;
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(certificate);
  } catch {
    throw new Error('QZ_CERTIFICATE is not a PEM certificate');
  }
  try {
    key = createPrivateKey(privateKey);
  } catch {
    throw new Error('QZ_PRIVATE_KEY is not a PEM private key');
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw new Error('QZ_PRIVATE_KEY must be an RSA key (QZ Tray checks RSA signatures)');
  if (!x509.checkPrivateKey(key)) throw new Error('QZ_PRIVATE_KEY does not belong to QZ_CERTIFICATE');
  return key;
}

/**
 * Signing for QZ Tray: the page hands over the certificate, then has every call signed so QZ Tray trusts the site
 * without asking each time. Every QZ Tray that trusts the certificate obeys whatever it signs, so it signs only QZ
 * Tray's hash of a call, only for the web app's own pages, and only so many per user (docs/printing.md). A pair that
 * does not parse, or a key that is not the certificate's, stops the start.
 */
export function createPrintingService(options: PrintingOptions): PrintingService {
  const { certificate, privateKey } = options;
  if (!certificate || !privateKey) {
    return {
      certificate: () => {
        throw notConfigured();
      },
      sign: () => {
        throw notConfigured();
      },
    };
  }
  const key = parseKeyPair(certificate, privateKey);
  const origins = webAppOrigins(options.webOrigins);
  const allowance = createSignatureAllowance(options.signatureRate ?? DEFAULT_SIGNATURE_RATE, options.now);
  return {
    certificate: () => certificate,
    sign: (request, { auth, origin }) => {
      checkOrigin(origin, origins);
      if (auth.userId.startsWith('apikey:')) {
        throw new HttpError(403, 'QZ Tray signatures are for people signed in to the web app, not for API keys', {
          reason: 'api_key_not_allowed',
        });
      }
      checkSignRequest(request);
      allowance.take(`${auth.tenantId}/${auth.issuer}/${auth.userId}`);
      return createSign('RSA-SHA512').update(request, 'utf8').sign(key, 'base64');
    },
  };
}
