import { describe, expect, it } from 'vitest';
import { initialZoom, keyAction, type ZoomAction, zoomReducer } from './zoom-state.ts';

const run = (keys: string[], start = initialZoom(0, 3)) =>
  keys.reduce((s, k) => zoomReducer(s, keyAction(k) as ZoomAction), start);

describe('zoom viewer state', () => {
  it('zooms in 0.25 steps between 0.5× and 4×', () => {
    expect(run(['+']).scale).toBe(1.25);
    expect(run(['=', '=']).scale).toBe(1.5);
    expect(run(Array(20).fill('+')).scale).toBe(4);
    expect(run(['-', '-', '-', '-']).scale).toBe(0.5);
    expect(run(['+', '+', '0']).scale).toBe(1);
  });

  it('rotates by 90° and wraps at a full turn; 0 resets rotation too', () => {
    expect(run(['r']).rotation).toBe(90);
    expect(run(['r', 'r', 'r', 'r']).rotation).toBe(0);
    expect(run(['r', '0']).rotation).toBe(0);
  });

  it('arrows wrap around and start the next picture unzoomed', () => {
    expect(run(['ArrowLeft']).index).toBe(2);
    expect(run(['ArrowRight', 'ArrowRight', 'ArrowRight']).index).toBe(0);
    const s = run(['+', 'r', 'ArrowRight']);
    expect([s.index, s.scale, s.rotation]).toEqual([1, 1, 0]);
  });

  it('pans only when zoomed in, and re-centres when zoomed back out', () => {
    const flat = zoomReducer(initialZoom(0, 1), { type: 'pan', dx: 10, dy: 5 });
    expect([flat.panX, flat.panY]).toEqual([0, 0]);
    const zoomed = zoomReducer(run(['+']), { type: 'pan', dx: 10, dy: 5 });
    expect([zoomed.panX, zoomed.panY]).toEqual([10, 5]);
    const back = zoomReducer(zoomed, { type: 'zoomOut' });
    expect([back.scale, back.panX]).toEqual([1, 0]);
  });

  it('f toggles the enlarged frame; unknown keys do nothing', () => {
    expect(run(['f']).large).toBe(true);
    expect(run(['f', 'f']).large).toBe(false);
    expect(keyAction('x')).toBeNull();
    // The key table is not an object whose inherited names could pass for keys.
    expect(keyAction('constructor')).toBeNull();
    expect(keyAction('toString')).toBeNull();
  });
});
