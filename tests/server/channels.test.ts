/**
 * Real delivery channels by configuration: e-mail through an SMTP server (a local one,
 * smtp-server) and SMS through an HTTP gateway (a local node:http server). A provider
 * that refuses a message gives delivery_failed, and the code is not kept as sent.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeliveryError } from '#server/channels/outbox'
import { createSmtpChannel } from '#server/channels/smtp'
import { loadConfig } from '#server/config/env'
import { outbox, verificationCodes } from '#server/db/schema'
import { build, type TestServer } from '../build-server'
import {
  addresses,
  createClock,
  failureOf,
  loginValue,
  minute,
  plainCall,
  sealedCall,
} from '../identity-helpers'

const nextIp = addresses('10.31')

describe('configuration of the message providers', () => {
  it('takes an SMTP URL with its sender, and an http(s) SMS gateway with an optional token', () => {
    const c = loadConfig({
      SMTP_URL: 'smtps://mailer:secret@mail.example:465',
      MAIL_FROM: 'Lotus Play <no-reply@example.com>',
      SMS_GATEWAY_URL: 'https://sms.example/send',
      SMS_GATEWAY_TOKEN: 't0ken',
    })
    expect(c.SMTP_URL).toBe('smtps://mailer:secret@mail.example:465')
    expect(c.MAIL_FROM).toBe('Lotus Play <no-reply@example.com>')
    expect(c.SMS_GATEWAY_URL).toBe('https://sms.example/send')
    expect(c.SMS_GATEWAY_TOKEN).toBe('t0ken')
    const none = loadConfig({ SMTP_URL: '', SMS_GATEWAY_URL: '' })
    expect(none.SMTP_URL).toBeUndefined()
    expect(none.SMS_GATEWAY_URL).toBeUndefined()
  })

  it('refuses an SMTP URL without a sender, a URL of the wrong kind, and names each field', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example:25' })).toThrow(/MAIL_FROM: is required/)
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example', MAIL_FROM: 'a@b.c' })).toThrow(
      /SMTP_URL: must be a smtp:\/\/ or smtps:\/\/ URL/,
    )
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'ftp://sms.example' })).toThrow(/SMS_GATEWAY_URL/)
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'not a url' })).toThrow(/SMS_GATEWAY_URL/)
  })
})

interface Mail {
  from: string
  to: string[]
  user: string | undefined
  data: string
}

function forgotByEmail(server: TestServer, username: string, email: string) {
  return server.app.inject({
    method: 'POST',
    url: '/wps/member/password/email',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, email }).toString(),
    remoteAddress: nextIp(),
  })
}

describe('e-mail through SMTP', () => {
  const mails: Mail[] = []
  let refuse = false
  let smtp: SMTPServer
  let server: TestServer
  const clock = createClock()

  beforeAll(async () => {
    smtp = new SMTPServer({
      // The test server speaks plain SMTP on loopback; nodemailer would otherwise upgrade.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: false,
      onAuth(auth, _session, cb) {
        if (auth.username === 'mailer' && auth.password === 's3cret') cb(null, { user: auth.username })
        else cb(new Error('bad credentials'))
      },
      onRcptTo(address, _session, cb) {
        if (refuse) cb(new Error('550 mailbox unavailable'))
        else cb()
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            data: Buffer.concat(chunks).toString('utf8'),
          })
          cb()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const port = (smtp.server.address() as AddressInfo).port
    server = await build({
      now: clock.now,
      config: {
        SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}`,
        MAIL_FROM: 'Lotus Play <no-reply@lotus.example>',
      },
    })
  })
  afterAll(async () => {
    await server?.close()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  it('mails the reset code from MAIL_FROM with the SMTP credentials, writes no outbox row, and the code works', async () => {
    const res = await forgotByEmail(server, 'member02', 'member02@example.com')
    expect(res.statusCode, res.body).toBe(200)
    const mail = mails.at(-1)
    expect(mail?.from).toBe('no-reply@lotus.example')
    expect(mail?.to).toEqual(['member02@example.com'])
    expect(mail?.user).toBe('mailer')
    expect(mail?.data).toMatch(/^Subject: Password reset code/m)
    expect(mail?.data).toMatch(/^From: Lotus Play <no-reply@lotus.example>/m)
    const code = /\b(\d{6})\b/.exec(mail?.data ?? '')?.[1]
    expect(code).toBeDefined()
    expect(await server.db.select().from(outbox)).toEqual([])

    const reset = await sealedCall(server, 'POST', '/wps/member/password/email/verification', {
      username: 'member02',
      verificationCode: code,
      newPassword: 'mailed123',
      confirmNewPassword: 'mailed123',
    })
    expect(reset.statusCode, reset.body).toBe(200)
  })

  it('answers delivery_failed (502) when the SMTP server refuses the recipient, and keeps no code', async () => {
    await server.db.delete(verificationCodes)
    clock.advance(2 * minute)
    refuse = true
    try {
      const res = await forgotByEmail(server, 'member02', 'member02@example.com')
      expect(res.statusCode).toBe(502)
      expect(failureOf(res).errorCode).toBe('delivery_failed')
      expect(await server.db.select().from(verificationCodes)).toEqual([])
    } finally {
      refuse = false
    }
    // The member may ask again at once: the refused send does not use up the minute.
    const again = await forgotByEmail(server, 'member02', 'member02@example.com')
    expect(again.statusCode, again.body).toBe(200)
  })

  it('sends nothing once closed, even a mail asked for just before, while the mailer was still loading', async () => {
    const port = (smtp.server.address() as AddressInfo).port
    const channel = createSmtpChannel({
      url: `smtp://mailer:s3cret@127.0.0.1:${port}?pool=true`,
      from: 'Lotus Play <no-reply@lotus.example>',
    })
    const before = mails.length
    const sending = channel.send({
      merchantCode: 'DEMO',
      channel: 'email',
      destination: 'late@example.com',
      subject: 'Late',
      body: 'late',
    })
    channel.close()
    await expect(sending).rejects.toBeInstanceOf(DeliveryError)
    expect(mails.length).toBe(before)
  })
})

interface GatewayCall {
  authorization: string | undefined
  contentType: string | undefined
  body: unknown
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

describe('SMS through an HTTP gateway', () => {
  const calls: GatewayCall[] = []
  let answer = 200
  let gateway: Server
  let server: TestServer

  beforeAll(async () => {
    gateway = createServer((req, res) => {
      void readBody(req).then((text) => {
        calls.push({
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          body: JSON.parse(text) as unknown,
        })
        res.writeHead(answer, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ ok: answer < 300 }))
      })
    })
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
    const port = (gateway.address() as AddressInfo).port
    server = await build({
      config: { SMS_GATEWAY_URL: `http://127.0.0.1:${port}/send`, SMS_GATEWAY_TOKEN: 'gw-token' },
    })
  })
  afterAll(async () => {
    await server?.close()
    await new Promise<void>((resolve) => gateway.close(() => resolve()))
  })

  function sendRegisterCode(mobileNo: string) {
    return plainCall(server, 'POST', '/wps/verification/sms/register', {
      ip: nextIp(),
      body: { mobileNo, countryDialingCode: '855' },
    })
  }

  it('posts JSON { to, text } with the bearer token; the code in the text registers the number', async () => {
    const res = await sendRegisterCode('012345678')
    expect(res.statusCode, res.body).toBe(200)
    const call = calls.at(-1)
    expect(call?.authorization).toBe('Bearer gw-token')
    expect(call?.contentType).toMatch(/^application\/json/)
    const body = call?.body as { to: string; text: string }
    expect(Object.keys(body).sort()).toEqual(['text', 'to'])
    expect(body.to).toBe('+85512345678')
    const code = /\b(\d{6})\b/.exec(body.text)?.[1]
    expect(code).toBeDefined()
    expect(await server.db.select().from(outbox)).toEqual([])

    const reg = await sealedCall(
      server,
      'PUT',
      '/wps/member/register/mobile',
      {
        mobileNum: '012345678',
        countryDialingCode: '855',
        verificationCode: code,
        password: 'abc12345',
        confirmPassword: 'abc12345',
        termsAccepted: true,
      },
      { ip: nextIp() },
    )
    expect(loginValue(reg).token).toBeTruthy()
  })

  it('answers delivery_failed (502) when the gateway answers non-2xx, and the code was never stored as sent', async () => {
    answer = 503
    try {
      const res = await sendRegisterCode('087654321')
      expect(res.statusCode).toBe(502)
      expect(failureOf(res).errorCode).toBe('delivery_failed')
      expect(calls.at(-1)?.body).toMatchObject({ to: '+85587654321' })
      const rows = await server.db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.destination, '+85587654321'))
      expect(rows).toEqual([])
    } finally {
      answer = 200
    }
    const again = await sendRegisterCode('087654321')
    expect(again.statusCode, again.body).toBe(200)
    expect(
      await server.db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.destination, '+85587654321')),
    ).toHaveLength(1)
  })

  it('still writes e-mail to the outbox when only the SMS gateway is configured', async () => {
    const res = await forgotByEmail(server, 'member02', 'member02@example.com')
    expect(res.statusCode, res.body).toBe(200)
    const rows = await server.db.select().from(outbox).where(eq(outbox.destination, 'member02@example.com'))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.channel).toBe('email')
  })
})
