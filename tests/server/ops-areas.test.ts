import { describe, expect, it } from 'vitest'
import { contentCommands } from '#server/content/commands'
import { identityCommands } from '#server/identity/commands'
import { moneyCommands } from '#server/money/commands'
import { commands, gatherCommands, helpText, type CommandSpec } from '#server/ops/commands'
import { systemCommands } from '#server/system/commands'

const spec = (usage: string): CommandSpec => ({ usage, summary: usage, run: async () => usage })

describe('operator commands gathered from their areas', () => {
  it('carries each area’s commands under the names the area gives them', () => {
    for (const own of [systemCommands, contentCommands, moneyCommands, identityCommands]) {
      for (const [name, command] of Object.entries(own)) expect(commands[name]).toBe(command)
    }
    expect(Object.keys(commands)).toEqual(
      expect.arrayContaining(['maintenance', 'login', 'deposits', 'bank']),
    )
  })

  it('lists every command once in help', () => {
    const lines = helpText().split('\n').slice(2)
    expect(lines).toHaveLength(Object.keys(commands).length)
    for (const command of Object.values(commands))
      expect(lines.filter((l) => l.startsWith(`  ${command.usage}`))).toHaveLength(1)
  })

  it('refuses a name that two areas define, naming both', () => {
    expect(() =>
      gatherCommands([
        ['money', { rebate: spec('rebate set') }],
        ['agent', { rebate: spec('rebate show') }],
      ]),
    ).toThrow('operator command rebate is defined by money and agent')
    expect(
      Object.keys(
        gatherCommands([
          ['money', { rebate: spec('rebate set') }],
          ['agent', { team: spec('team') }],
        ]),
      ),
    ).toEqual(['rebate', 'team'])
  })
})
