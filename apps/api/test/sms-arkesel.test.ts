/** The Arkesel SMS provider against a local fake of its API, and its configuration. */
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'
import { arkeselProvider } from '../src/modules/messages/arkesel'
import { SmsError } from '../src/modules/messages/sms-provider'
import { startFakeArkesel } from './fake-arkesel'

const fake = await startFakeArkesel()
afterAll(() => fake.close())

const config = loadConfig({ ARKESEL_API_KEY: fake.apiKey, ARKESEL_SENDER_ID: 'KenteShop', ARKESEL_BASE_URL: fake.url })
const provider = arkeselProvider(config.arkesel!)

describe('the Arkesel provider', () => {
  it('sends to the phone in international form with the sender id and the key, and answers Arkesel’s id', async () => {
    const result = await provider.send('+233244123456', 'Your order KS-1042 is ready for pick-up.')
    expect(result.id).toMatch(/^sms-\d+$/)
    expect(fake.sent.at(-1)).toEqual({ sender: 'KenteShop', message: 'Your order KS-1042 is ready for pick-up.', recipients: ['233244123456'] })
    expect(fake.requests.at(-1)).toEqual({ path: '/api/v2/sms/send', apiKey: fake.apiKey })
  })

  it('fails with Arkesel’s reason when it refuses, never showing the key', async () => {
    fake.fail('no-balance')
    try {
      const error = await provider.send('+233244123456', 'hello').catch((e: unknown) => e)
      expect(error).toBeInstanceOf(SmsError)
      expect((error as Error).message).toBe('Arkesel refused the message (HTTP 402): Insufficient balance')
      expect((error as Error).message).not.toContain(fake.apiKey)
    } finally {
      fake.fail(null)
    }
  })

  it('fails when Arkesel cannot be reached', async () => {
    fake.fail('down')
    try {
      await expect(provider.send('+233244123456', 'hello')).rejects.toThrow(/Arkesel could not be reached/)
    } finally {
      fake.fail(null)
    }
  })

  it('fails on a wrong key, and on a phone not in international form without calling Arkesel', async () => {
    const wrongKey = arkeselProvider({ ...config.arkesel!, apiKey: 'wrong-key-123' })
    await expect(wrongKey.send('+233244123456', 'hello')).rejects.toThrow('HTTP 401')
    const before = fake.requests.length
    await expect(provider.send('0244123456', 'hello')).rejects.toThrow('international form')
    expect(fake.requests).toHaveLength(before)
  })
})

describe('SMS configuration', () => {
  it('is off without keys and points at Arkesel by default', () => {
    expect(loadConfig({}).arkesel).toBeNull()
    expect(loadConfig({ ARKESEL_API_KEY: 'abcdefgh1234', ARKESEL_SENDER_ID: 'Shop' }).arkesel).toEqual({
      apiKey: 'abcdefgh1234',
      senderId: 'Shop',
      baseUrl: 'https://sms.arkesel.com',
    })
  })

  it('refuses half a configuration, a long sender id and plain http to anything but this machine', () => {
    expect(() => loadConfig({ ARKESEL_API_KEY: 'abcdefgh1234' })).toThrow(ConfigError)
    expect(() => loadConfig({ ARKESEL_API_KEY: 'abcdefgh1234', ARKESEL_SENDER_ID: 'A sender id too long' })).toThrow(/1 to 11/)
    expect(() => loadConfig({ ARKESEL_BASE_URL: 'http://sms.example.com' })).toThrow(/ARKESEL_BASE_URL must be an https origin/)
    expect(loadConfig({ ARKESEL_BASE_URL: 'http://127.0.0.1:9999' }).arkesel).toBeNull()
  })
})

describe('e-mail configuration', () => {
  it('takes smtp:// and smtps:// URLs and refuses others without echoing them', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).smtpUrl).toBe('smtps://user:pass@mail.example.com:465')
    expect(loadConfig({}).smtpUrl).toBeNull()
    let message = ''
    try {
      loadConfig({ SMTP_URL: 'http://user:secret-pass@mail.example.com' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/SMTP_URL must be smtp:/)
    expect(message).not.toContain('secret-pass')
  })

  it('sends from MAIL_FROM, by default no-reply at the root domain in the platform\'s name', () => {
    expect(loadConfig({ ROOT_DOMAIN: 'shops.example.com' })).toMatchObject({ mailFrom: 'no-reply@shops.example.com', mailFromName: 'Shoplet' })
    expect(loadConfig({ MAIL_FROM: 'hello@shoplet.gh', PROVIDER_NAME: 'Duka' })).toMatchObject({ mailFrom: 'hello@shoplet.gh', mailFromName: 'Duka' })
  })

  it('takes MAIL_FROM as "Name <address>", quoted or not, the name for the platform\'s own mail', () => {
    expect(loadConfig({ MAIL_FROM: 'Shoplet <no-reply@example.com>' })).toMatchObject({ mailFrom: 'no-reply@example.com', mailFromName: 'Shoplet' })
    expect(loadConfig({ MAIL_FROM: '"Shoplet, Accra" <hi@example.com>' })).toMatchObject({ mailFrom: 'hi@example.com', mailFromName: 'Shoplet, Accra' })
    expect(loadConfig({ MAIL_FROM: '<hi@example.com>' })).toMatchObject({ mailFrom: 'hi@example.com', mailFromName: 'Shoplet' })
    for (const bad of ['Shoplet', 'Shoplet <not an address>', 'a@b <c@d', '<>']) {
      expect(() => loadConfig({ MAIL_FROM: bad }), bad).toThrow(/MAIL_FROM must be an e-mail address/)
    }
  })
})
