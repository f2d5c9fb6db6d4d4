// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOCK_MESSAGES } from '../../../schema/rules/reports.ts';
import { OFFLINE_MESSAGE } from '../api/client.ts';

/**
 * Blocks and deleted accounts between the signed-in person and someone else (issue 24): remembered per
 * person so a conversation opened offline still shows them. A fresh module per test (it keeps a memory
 * of every person asked about); the server is fetch.
 */
type Module = typeof import('./relations.ts');
let m: Module;
let server: Map<string, { deleted: boolean; blockedByMe: boolean; blockedMe: boolean }>;
let down: boolean;
let requests: string[];

beforeEach(async () => {
  vi.resetModules();
  localStorage.clear();
  server = new Map();
  down = false;
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      requests.push(`${init.method ?? 'GET'} ${path}`);
      if (down) throw new TypeError('Failed to fetch');
      const none = { deleted: false, blockedByMe: false, blockedMe: false };
      const relation = /^\/api\/users\/relation\/(.+)$/.exec(path);
      if (relation) return Response.json(server.get(decodeURIComponent(relation[1]!)) ?? none);
      if (path === '/api/users/blocked' && init.method === 'POST')
        return Response.json({ message: BLOCK_MESSAGES.blocked });
      if (path.startsWith('/api/users/blocked/') && init.method === 'DELETE')
        return Response.json({ message: BLOCK_MESSAGES.unblocked });
      return Response.json({ error: 'Negăsit' }, { status: 404 });
    }),
  );
  m = await import('./relations.ts');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A reload of the page: the memory is gone, localStorage stays. */
async function reload() {
  vi.resetModules();
  m = await import('./relations.ts');
}

describe('the relation with another person', () => {
  it('a block is remembered across a reload, and readable offline', async () => {
    server.set('u2', { deleted: false, blockedByMe: false, blockedMe: true });
    await m.refreshRelation('u2');
    await reload();
    down = true;
    const { result } = renderHook(() => m.useRelation('u2'));
    expect(result.current).toEqual({ deleted: false, blockedByMe: false, blockedMe: true });
    // The refresh failed (offline): the last known state stays.
    await act(async () => undefined);
    expect(result.current.blockedMe).toBe(true);
  });

  it('a relation back to normal is forgotten (nothing stored for everyone one ever wrote to)', async () => {
    server.set('u2', { deleted: true, blockedByMe: false, blockedMe: false });
    await m.refreshRelation('u2');
    expect(localStorage.length).toBe(1);
    server.delete('u2');
    expect(await m.refreshRelation('u2')).toEqual({ deleted: false, blockedByMe: false, blockedMe: false });
    expect(localStorage.length).toBe(0);
  });

  it('useRelation asks the server when a conversation opens, and shows the answer', async () => {
    server.set('u3', { deleted: true, blockedByMe: false, blockedMe: false });
    const { result } = renderHook(() => m.useRelation('u3'));
    expect(result.current.deleted).toBe(false); // nothing known yet
    await waitFor(() => expect(result.current.deleted).toBe(true));
    expect(requests).toContain('GET /api/users/relation/u3');
  });

  it('after a refusal, every person seen is asked again', async () => {
    renderHook(() => m.useRelation('u4'));
    renderHook(() => m.useRelation('u5'));
    await waitFor(() => expect(requests).toHaveLength(2));
    m.refreshKnownRelations();
    await waitFor(() => expect(requests).toHaveLength(4));
    expect(requests.slice(2).sort()).toEqual(['GET /api/users/relation/u4', 'GET /api/users/relation/u5']);
  });

  it('recognises the refusals that mean the relation changed, and no other', () => {
    expect(m.isRelationRefusal(BLOCK_MESSAGES.blockedByOther)).toBe(true);
    expect(m.isRelationRefusal(BLOCK_MESSAGES.youBlocked)).toBe(true);
    expect(m.isRelationRefusal(BLOCK_MESSAGES.deletedAccount)).toBe(true);
    expect(m.isRelationRefusal('Mesajul este prea lung.')).toBe(false);
    expect(m.isRelationRefusal(BLOCK_MESSAGES.blocked)).toBe(false);
  });
});

describe('blocking and unblocking', () => {
  it('a block takes effect here at once with the server’s confirmation; unblocking undoes it', async () => {
    const { result } = renderHook(() => m.useBlockAction('u6'));
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(() => result.current.toggle());
    expect(requests).toContain('POST /api/users/blocked');
    expect(result.current.relation.blockedByMe).toBe(true);
    expect(result.current.result).toEqual({ ok: true, text: BLOCK_MESSAGES.blocked });
    expect(JSON.parse(localStorage.getItem('hobbiz:relation:u6')!).blockedByMe).toBe(true);
    await act(() => result.current.toggle());
    expect(requests).toContain('DELETE /api/users/blocked/u6');
    expect(result.current.relation.blockedByMe).toBe(false);
    expect(result.current.result?.text).toBe(BLOCK_MESSAGES.unblocked);
    expect(result.current.busy).toBe(false);
  });

  it('offline, nothing changes and the button says why', async () => {
    const { result } = renderHook(() => m.useBlockAction('u7'));
    await waitFor(() => expect(requests).toHaveLength(1));
    down = true;
    await act(() => result.current.toggle());
    expect(result.current.result).toEqual({ ok: false, text: OFFLINE_MESSAGE });
    expect(result.current.relation.blockedByMe).toBe(false);
    expect(localStorage.getItem('hobbiz:relation:u7')).toBeNull();
  });

  it('a refused block keeps the Romanian fallback when the server says nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    await expect(m.setBlocked('u8', true)).rejects.toThrow(
      'Nu am putut bloca utilizatorul. Încearcă din nou.',
    );
    await expect(m.setBlocked('u8', false)).rejects.toThrow(
      'Nu am putut debloca utilizatorul. Încearcă din nou.',
    );
  });
});
