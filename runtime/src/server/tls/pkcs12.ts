import type { KeyObject, X509Certificate } from 'node:crypto';
import { createRequire } from 'node:module';
import type Forge from 'node-forge';
import { lazyRequire } from '../../util/lazyRequire.ts';

// Loaded when a TLS listener is set up, not at every server's start.
const nodeCrypto = lazyRequire<typeof import('node:crypto')>('node:crypto');

// node-forge (~90 ms to load) is loaded on first use: only servers given a PKCS#12 file need it,
// and every other server starts that much sooner.
let forgeLoaded: typeof Forge | undefined;
function loadForge(): typeof Forge {
  return (forgeLoaded ??= createRequire(import.meta.url)('node-forge') as typeof Forge);
}

/** What a PKCS#12 file holds, as Node objects: private keys and certificates in file order. */
export interface Pkcs12Contents {
  readonly keys: readonly KeyObject[];
  readonly certificates: readonly X509Certificate[];
}

/** Why a PKCS#12 file could not be read; the caller turns it into a message naming the file. */
export class Pkcs12Problem extends Error {
  readonly reason: 'not-pkcs12' | 'needs-password' | 'wrong-password' | 'unreadable';

  constructor(reason: Pkcs12Problem['reason'], message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'Pkcs12Problem';
    this.reason = reason;
  }
}

const MAC_FAILURE = /MAC could not be verified/;

function toBuffer(node: Forge.asn1.Asn1): Buffer {
  const forge = loadForge();
  return Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');
}

function parse(pfx: Forge.asn1.Asn1, password: string | undefined): Forge.pkcs12.Pkcs12Pfx {
  const forge = loadForge();
  return forge.pkcs12.pkcs12FromAsn1(pfx, true, password);
}

/**
 * Reads a PKCS#12 file with node-forge. Node's own `pfx` option is not used: it cannot read
 * certificates-only files (truststores), refuses the RC2 encryption of older Java and OpenSSL
 * files, and silently adds the keystore's CA certificates to the client-trust store.
 * Without a password, a file is tried unprotected and with the empty password.
 */
export function readPkcs12(data: Buffer, password: string | undefined): Pkcs12Contents {
  const forge = loadForge();
  let pfx: Forge.asn1.Asn1;
  try {
    pfx = forge.asn1.fromDer(forge.util.createBuffer(data.toString('binary')), true);
  } catch (error) {
    throw new Pkcs12Problem('not-pkcs12', 'not a PKCS#12 file (it is not DER-encoded)', error);
  }
  let p12: Forge.pkcs12.Pkcs12Pfx;
  try {
    try {
      p12 = parse(pfx, password);
    } catch (error) {
      // OpenSSL's "no password" files carry a MAC over the empty password.
      if (password === undefined && MAC_FAILURE.test((error as Error).message)) p12 = parse(pfx, '');
      else throw error;
    }
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    if (MAC_FAILURE.test(message)) {
      throw password === undefined
        ? new Pkcs12Problem('needs-password', 'it is protected by a password, and none was given', error)
        : new Pkcs12Problem('wrong-password', 'wrong password (the integrity check failed)', error);
    }
    if (/PFX|PKCS#12|ASN\.1/i.test(message) && !/decrypt|cipher/i.test(message)) {
      throw new Pkcs12Problem('not-pkcs12', `not a PKCS#12 file (${message})`, error);
    }
    throw new Pkcs12Problem(
      'unreadable',
      `its contents could not be decrypted (${message}); wrong password or an unsupported cipher`,
      error,
    );
  }
  const keys: KeyObject[] = [];
  const certificates: X509Certificate[] = [];
  const { certBag, keyBag, pkcs8ShroudedKeyBag } = forge.pki.oids;
  try {
    for (const content of p12.safeContents) {
      for (const bag of content.safeBags) {
        if (bag.type === certBag) {
          // forge parses RSA certificates (keeping the signed part as read) and leaves others as ASN.1.
          const der = bag.cert ? toBuffer(forge.pki.certificateToAsn1(bag.cert)) : toBuffer(bag.asn1);
          certificates.push(new (nodeCrypto().X509Certificate)(der));
        } else if (bag.type === keyBag || bag.type === pkcs8ShroudedKeyBag) {
          const info = bag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key)) : bag.asn1;
          keys.push(nodeCrypto().createPrivateKey({ key: toBuffer(info), format: 'der', type: 'pkcs8' }));
        }
      }
    }
  } catch (error) {
    throw new Pkcs12Problem('unreadable', `an entry could not be read (${(error as Error).message})`, error);
  }
  return { keys, certificates };
}
