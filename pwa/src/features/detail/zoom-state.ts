import { LIMITS } from '../../../../schema/constants.ts';

/** The zoom viewer's state (spec doc 2 §2 'Zoom viewer', §9: 0.5×–4× in 0.25 steps, 90° rotations). */
export type ZoomState = {
  index: number;
  count: number;
  scale: number;
  rotation: number;
  panX: number;
  panY: number;
  /** 'f': the enlarged frame (the picture may use the whole screen). */
  large: boolean;
};

export type ZoomAction =
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'reset' }
  | { type: 'rotate' }
  | { type: 'toggleFrame' }
  | { type: 'pan'; dx: number; dy: number };

export function initialZoom(index: number, count: number): ZoomState {
  return { index, count, scale: 1, rotation: 0, panX: 0, panY: 0, large: false };
}

const clampScale = (s: number) => Math.min(LIMITS.zoomMax, Math.max(LIMITS.zoomMin, s));
const view = { scale: 1, rotation: 0, panX: 0, panY: 0 };

export function zoomReducer(s: ZoomState, a: ZoomAction): ZoomState {
  switch (a.type) {
    case 'next':
      return s.count < 2 ? s : { ...s, ...view, index: (s.index + 1) % s.count };
    case 'prev':
      return s.count < 2 ? s : { ...s, ...view, index: (s.index - 1 + s.count) % s.count };
    case 'zoomIn':
      return { ...s, scale: clampScale(s.scale + LIMITS.zoomStep) };
    case 'zoomOut': {
      const scale = clampScale(s.scale - LIMITS.zoomStep);
      // At or below 1× there is nothing to pan: the picture goes back to the middle.
      return scale <= 1 ? { ...s, scale, panX: 0, panY: 0 } : { ...s, scale };
    }
    case 'reset':
      return { ...s, ...view };
    case 'rotate':
      return { ...s, rotation: (s.rotation + LIMITS.rotationStep) % 360 };
    case 'toggleFrame':
      return { ...s, large: !s.large };
    case 'pan':
      return s.scale > 1 ? { ...s, panX: s.panX + a.dx, panY: s.panY + a.dy } : s;
  }
}

/** Keyboard of the viewer: Escape is handled by the dialog itself (it closes it). */
const KEYS = new Map<string, Exclude<ZoomAction, { type: 'pan' }>['type']>([
  ['ArrowRight', 'next'],
  ['ArrowLeft', 'prev'],
  ['+', 'zoomIn'],
  ['=', 'zoomIn'],
  ['-', 'zoomOut'],
  ['0', 'reset'],
  ['f', 'toggleFrame'],
  ['F', 'toggleFrame'],
  ['r', 'rotate'],
  ['R', 'rotate'],
]);

export function keyAction(key: string): ZoomAction | null {
  const type = KEYS.get(key);
  return type ? { type } : null;
}
