/**
 * Signing of the iOS configuration profile: CMS (PKCS#7) SignedData, DER, with the profile
 * as its attached content, as Apple's tools and `openssl smime -sign -outform DER -nodetach`
 * make it. iOS then shows the profile as signed by the operator's certificate ("Verified"
 * when that certificate chains to a root the phone trusts) instead of "Not Signed".
 *
 * Made with node:crypto and a small DER writer (the structure is fixed: one signer, SHA-256,
 * the content type, signing time and message digest as signed attributes), so no ASN.1
 * library is needed. The operator's certificate, its key (RSA or EC) and an optional chain
 * of intermediates come as PEM (IOS_PROFILE_CERT, IOS_PROFILE_KEY, IOS_PROFILE_CHAIN);
 * `profileSigner` refuses PEM that does not parse, a key that is not the certificate's, or
 * an expired certificate, with a message that says which.
 */
import { createHash, createPrivateKey, sign, X509Certificate, type KeyObject } from 'node:crypto'

// --- DER writing ---

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n])
  const bytes: number[] = []
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff)
  return Buffer.from([0x80 | bytes.length, ...bytes])
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content)
  return Buffer.concat([Buffer.from([tag]), length(body.length), body])
}

const seq = (...items: Buffer[]) => tlv(0x30, ...items)
const octets = (b: Buffer) => tlv(0x04, b)
const nul = Buffer.from([0x05, 0x00])
const small = (n: number) => tlv(0x02, Buffer.from([n]))
/** [n] EXPLICIT, or [n] IMPLICIT of a constructed type: the same tag byte. */
const context = (n: number, ...items: Buffer[]) => tlv(0xa0 | n, ...items)

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number)
  const bytes = [40 * a + b]
  for (const arc of rest) {
    const groups: number[] = []
    for (let v = arc; ; v = Math.floor(v / 128)) {
      groups.unshift(v % 128)
      if (v < 128) break
    }
    bytes.push(...groups.map((g, i) => (i < groups.length - 1 ? g | 0x80 : g)))
  }
  return tlv(0x06, Buffer.from(bytes))
}

/** DER's SET OF: the members sorted by their encoding. */
function setOf(items: Buffer[], tag = 0x31): Buffer {
  return tlv(tag, ...[...items].sort(Buffer.compare))
}

function utcTime(at: Date): Buffer {
  const two = (n: number) => String(n).padStart(2, '0')
  const text =
    two(at.getUTCFullYear() % 100) +
    two(at.getUTCMonth() + 1) +
    two(at.getUTCDate()) +
    two(at.getUTCHours()) +
    two(at.getUTCMinutes()) +
    two(at.getUTCSeconds()) +
    'Z'
  return tlv(0x17, Buffer.from(text, 'ascii'))
}

// --- DER reading (just enough to take a certificate's issuer and serial number) ---

interface Node {
  tag: number
  /** Where the element starts (its tag) and ends. */
  start: number
  end: number
  /** Where its content starts. */
  body: number
}

function readNode(der: Buffer, at: number): Node {
  const tag = der[at]
  const first = der[at + 1]
  if (tag === undefined || first === undefined) throw new Error('truncated DER')
  let len = first
  let body = at + 2
  if (first & 0x80) {
    const count = first & 0x7f
    if (count === 0 || count > 4) throw new Error('unsupported DER length')
    len = 0
    for (let i = 0; i < count; i++) len = len * 256 + (der[body + i] ?? 0)
    body += count
  }
  const end = body + len
  if (end > der.length) throw new Error('truncated DER')
  return { tag, start: at, end, body }
}

/** The children of a constructed element. */
function children(der: Buffer, node: Node): Node[] {
  const out: Node[] = []
  for (let at = node.body; at < node.end;) {
    const child = readNode(der, at)
    out.push(child)
    at = child.end
  }
  return out
}

/** The certificate's issuer Name and serial number INTEGER, as their DER. */
function issuerAndSerial(certDer: Buffer): Buffer {
  const [tbs] = children(certDer, readNode(certDer, 0))
  if (!tbs) throw new Error('not a certificate')
  const fields = children(certDer, tbs)
  // TBSCertificate: [0] version (optional), serialNumber, signature, issuer, …
  const i = fields[0]?.tag === 0xa0 ? 1 : 0
  const serial = fields[i]
  const issuer = fields[i + 2]
  if (serial?.tag !== 0x02 || issuer?.tag !== 0x30) throw new Error('not a certificate')
  return seq(certDer.subarray(issuer.start, issuer.end), certDer.subarray(serial.start, serial.end))
}

// --- the signer ---

const oids = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
}

export interface ProfileSigningPem {
  /** The signing certificate (PEM). */
  cert: string
  /** Its private key (PEM, PKCS#8 or the traditional RSA/EC forms, unencrypted). */
  key: string
  /** Intermediate certificates up to the root, leaf side first (PEM, one or more). */
  chain?: string | undefined
}

export type ProfileSigner = (content: Buffer, at?: Date) => Buffer

/** PEM from an environment value: `\n` written as two characters counts as a line break. */
function pemText(value: string): string {
  return value.includes('-----BEGIN') && !value.includes('\n') ? value.replace(/\\n/g, '\n') : value
}

/** The certificates of a PEM text, in order; throws when there is none or one does not parse. */
function certificatesOf(pem: string, what: string): X509Certificate[] {
  const blocks = pemText(pem).match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)
  if (!blocks) throw new Error(`${what} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`)
  return blocks.map((b, i) => {
    try {
      return new X509Certificate(b)
    } catch {
      throw new Error(`${what}: certificate ${i + 1} is not a valid PEM certificate`)
    }
  })
}

/**
 * A signer for the given certificate and key; throws with the reason when they are unusable
 * (checked at start, so a bad configuration refuses to start rather than serving errors).
 */
export function profileSigner(pem: ProfileSigningPem, now: Date = new Date()): ProfileSigner {
  const [cert] = certificatesOf(pem.cert, 'IOS_PROFILE_CERT')
  if (!cert) throw new Error('IOS_PROFILE_CERT holds no certificate')
  let key: KeyObject
  try {
    key = createPrivateKey(pemText(pem.key))
  } catch {
    throw new Error('IOS_PROFILE_KEY is not a readable PEM private key (unencrypted PKCS#8, RSA or EC)')
  }
  if (!cert.checkPrivateKey(key)) throw new Error('IOS_PROFILE_KEY is not the key of IOS_PROFILE_CERT')
  if (new Date(cert.validTo).getTime() < now.getTime()) {
    throw new Error(`IOS_PROFILE_CERT expired on ${cert.validTo}`)
  }
  const kind = key.asymmetricKeyType
  if (kind !== 'rsa' && kind !== 'ec')
    throw new Error(`IOS_PROFILE_KEY is ${kind}; an RSA or EC key is needed`)
  const chain = pem.chain ? certificatesOf(pem.chain, 'IOS_PROFILE_CHAIN') : []
  const certs = [cert, ...chain].map((c) => c.raw)
  const signer = issuerAndSerial(cert.raw)
  const sha256 = seq(oid(oids.sha256), nul)
  const signatureAlgorithm =
    kind === 'rsa' ? seq(oid(oids.rsaEncryption), nul) : seq(oid(oids.ecdsaWithSha256))

  return (content, at = new Date()) => {
    const attrs = [
      seq(oid(oids.contentType), setOf([oid(oids.data)])),
      seq(oid(oids.signingTime), setOf([utcTime(at)])),
      seq(oid(oids.messageDigest), setOf([octets(createHash('sha256').update(content).digest())])),
    ]
    // The signature covers the attributes as a SET; in SignerInfo they are [0] IMPLICIT.
    const signature = sign('sha256', setOf(attrs), key)
    const signerInfo = seq(
      small(1),
      signer,
      sha256,
      setOf(attrs, 0xa0),
      signatureAlgorithm,
      octets(signature),
    )
    const signedData = seq(
      small(1),
      setOf([sha256]),
      seq(oid(oids.data), context(0, octets(content))),
      context(0, ...certs),
      setOf([signerInfo]),
    )
    return seq(oid(oids.signedData), context(0, signedData))
  }
}
