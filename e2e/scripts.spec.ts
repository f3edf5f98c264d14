// The two commands of the README, as a newcomer's machine meets them: no browser test here.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { root } from '../scripts/stack.mjs'

/** Whether something listens on the port (a server that cannot bind it says so). */
const portTaken = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(true))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)))
  })

/** The processes whose command line names `marker` (the stack's own state folder). */
const processesNaming = (marker: string) =>
  execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(marker) && !line.includes('ps -eo'))

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })

// One after another: each starts a whole shop of its own, and two at once beside the other
// worker's tests starve its stack on this 2-core machine.
test.describe.configure({ mode: 'default' })

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`npm run dev stopped by ${signal} during start-up stops what it started`, async () => {
    test.setTimeout(180_000)
    const state = mkdtempSync(join(tmpdir(), 'dev-stop-'))
    const [port, authPort] = signal === 'SIGTERM' ? [8861, 9261] : [8862, 9265]
    const dev = spawn(process.execPath, ['scripts/dev.mjs', '--no-build'], {
      cwd: root,
      env: { ...process.env, DEV_PORT: String(port), DEV_AUTH_PORT: String(authPort), DEV_STATE: state },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    dev.stdout.on('data', (chunk) => {
      output += chunk
    })
    dev.stderr.on('data', (chunk) => {
      output += chunk
    })
    try {
      // Stop it once the Worker or the emulator has started, before the shop is ready.
      await expect
        .poll(async () => (await portTaken(port)) || (await portTaken(authPort)), { timeout: 150_000 })
        .toBe(true)
      expect(output).not.toContain('Toolhaus is running')
      dev.kill(signal)
      expect(await exited(dev)).toBe(0)
      expect(output).toContain(`${signal}: stopping the shop`)
      for (const p of [port, port + 1000, authPort, authPort + 1, authPort + 2]) {
        expect(await portTaken(p), `port ${p} still taken`).toBe(false)
      }
      expect(processesNaming(state)).toEqual([])
    } finally {
      if (dev.exitCode === null) dev.kill('SIGKILL')
      for (const line of processesNaming(state)) {
        try {
          process.kill(Number(line.trim().split(' ')[0]), 'SIGKILL')
        } catch {}
      }
      rmSync(state, { recursive: true, force: true })
    }
  })
}

test('npm test without Chromium stops at once with the command to run, before any other suite', async () => {
  const results = mkdtempSync(join(tmpdir(), 'no-chromium-'))
  try {
    const run = spawn(process.execPath, ['scripts/test.mjs'], {
      cwd: root,
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium', TEST_RESULTS: results },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    run.stdout.on('data', (chunk) => {
      output += chunk
    })
    run.stderr.on('data', (chunk) => {
      output += chunk
    })
    expect(await exited(run)).toBe(1)
    expect(output).toContain('No Chromium at /nonexistent/chromium')
    expect(output).toContain('apt-get install -y chromium')
    expect(output).not.toContain('=== Build')
    expect(output.trim().split('\n').at(-1)).toBe('0 passed, 1 failed')
  } finally {
    rmSync(results, { recursive: true, force: true })
  }
})
