const JKS_MAGIC = 0xfeedfeed;
const JCEKS_MAGIC = 0xcececece;

/** Which Java-only keystore format a file is in (JKS, JCEKS), judged by its magic number. */
export function javaKeyStoreFormat(data: Buffer): 'JKS' | 'JCEKS' | undefined {
  if (data.length < 4) return undefined;
  const magic = data.readUInt32BE(0);
  return magic === JKS_MAGIC ? 'JKS' : magic === JCEKS_MAGIC ? 'JCEKS' : undefined;
}

/** The advice given for a JKS/JCEKS file: Node reads PKCS#12 only, and keytool converts. */
export function javaKeyStoreAdvice(format: 'JKS' | 'JCEKS', path: string, what: 'keystore' | 'truststore'): string {
  const target = path.replace(/\.(jks|jceks|keystore|ks)$/i, '') + '.p12';
  return (
    `the ${what} ${path} is a ${format} keystore, which is not supported on Node (it reads PKCS#12 only); ` +
    `convert it with: keytool -importkeystore -srckeystore ${path} -srcstoretype ${format} -destkeystore ${target} -deststoretype PKCS12`
  );
}
