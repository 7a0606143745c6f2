import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'

async function status(request: APIRequestContext) {
  const body = (await (await request.get('/wps/system/status')).json()) as {
    value: { maintenance: boolean; ipBlocked: boolean }
  }
  return body.value
}

test('the operator CLI reaches the running server through DATA_DIR', async ({ ops, request }) => {
  expect(await ops('maintenance', 'on', 'upgrading')).toContain('maintenance on')
  await expect.poll(async () => (await status(request)).maintenance, { timeout: 5_000 }).toBe(true)
  const refused = await request.get('/wps/system/country')
  expect(refused.status()).toBe(503)
  expect(await refused.json()).toMatchObject({ errorCode: 'system_maintenance' })

  expect(await ops('maintenance', 'off')).toContain('maintenance off')
  await expect.poll(async () => (await status(request)).maintenance, { timeout: 5_000 }).toBe(false)
  expect((await request.get('/wps/system/country')).status()).toBe(200)
})

test('a flag switched off by the operator disappears from the white-label tree', async ({ ops, request }) => {
  const enabled = async () => {
    const body = (await (await request.get('/wps/system/whitelabel')).json()) as {
      value: { childrenNodes: { modId: string; enabled: string }[] }
    }
    return body.value.childrenNodes.find((n) => n.modId === 'REG3')?.enabled
  }
  await ops('flag', 'set', 'REG3', 'off')
  await expect.poll(enabled, { timeout: 5_000 }).toBe('0')
  expect((await request.get('/wps/system/setting/register')).status()).toBe(403)
  await ops('flag', 'set', 'REG3', 'on')
  await expect.poll(enabled, { timeout: 5_000 }).toBe('1')
})

test('a mistaken operator command explains itself and changes nothing', async ({ ops }) => {
  await expect(ops('region', 'block', 'Cambodia')).rejects.toThrow(/two letters/)
  await expect(ops('ip', 'block', '999.1.1.1')).rejects.toThrow(/not an IP address/)
  expect(await ops('region', 'list')).toBe('no blocked regions')
})
