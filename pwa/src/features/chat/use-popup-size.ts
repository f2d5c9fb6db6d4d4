import { useCallback, useEffect, useRef, useState } from 'react';
import { BREAKPOINTS, CHAT_POPUP } from '../../../../schema/constants.ts';

export type Size = { width: number; height: number };

/** Spec doc 2 §9: the popup's size stays within the minimum and the window-dependent maximum. */
export function clampPopupSize(size: Size, win: Size): Size {
  const maxW = Math.max(CHAT_POPUP.minWidth, CHAT_POPUP.maxWidth(win.width));
  const maxH = Math.max(CHAT_POPUP.minHeight, CHAT_POPUP.maxHeight(win.height));
  return {
    width: Math.round(Math.min(maxW, Math.max(CHAT_POPUP.minWidth, size.width))),
    height: Math.round(Math.min(maxH, Math.max(CHAT_POPUP.minHeight, size.height))),
  };
}

const windowSize = (): Size => ({ width: window.innerWidth, height: window.innerHeight });
const KEY_STEP = 20;

/**
 * Size of the chat popup and its resize handle (top-left corner, since the popup sits bottom-right):
 * drag with a pointer, or arrow keys on the focused handle. Only at 1200 px or wider.
 */
export function usePopupSize() {
  const [win, setWin] = useState(windowSize);
  const [size, setSize] = useState<Size>({
    width: CHAT_POPUP.defaultWidth,
    height: CHAT_POPUP.defaultHeight,
  });
  const drag = useRef<{ x: number; y: number; start: Size } | null>(null);

  useEffect(() => {
    const onResize = () => setWin(windowSize());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const resizable = win.width >= BREAKPOINTS.chatPopupResizable;
  const shown = clampPopupSize(size, win);

  const onPointerDown = useCallback(
    (e: React.PointerEvent<HTMLElement>) => {
      e.preventDefault();
      e.currentTarget.setPointerCapture(e.pointerId);
      drag.current = { x: e.clientX, y: e.clientY, start: shown };
    },
    [shown],
  );
  const onPointerMove = useCallback((e: React.PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    // Dragging the top-left corner up and left makes the popup bigger.
    setSize(
      clampPopupSize(
        { width: d.start.width + d.x - e.clientX, height: d.start.height + d.y - e.clientY },
        windowSize(),
      ),
    );
  }, []);
  const onPointerUp = useCallback(() => {
    drag.current = null;
  }, []);
  const onKeyDown = useCallback(
    (e: React.KeyboardEvent<HTMLElement>) => {
      const delta: Record<string, [number, number]> = {
        ArrowLeft: [KEY_STEP, 0],
        ArrowRight: [-KEY_STEP, 0],
        ArrowUp: [0, KEY_STEP],
        ArrowDown: [0, -KEY_STEP],
      };
      const step = delta[e.key];
      if (!step) return;
      e.preventDefault();
      setSize(clampPopupSize({ width: shown.width + step[0], height: shown.height + step[1] }, windowSize()));
    },
    [shown],
  );

  return {
    resizable,
    style: resizable ? { width: shown.width, height: shown.height } : undefined,
    handle: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onKeyDown },
  };
}
