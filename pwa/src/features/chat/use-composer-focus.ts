import { useEffect } from 'react';

const CLASS = 'composer-active';

/**
 * While the message box has focus (on a phone: the keyboard is open), the page is marked so the bottom
 * navigation steps aside (shell.css) and the thread and composer get its height. Unmounting (leaving the
 * thread with the box focused) clears the mark.
 */
export function useComposerFocus() {
  useEffect(() => () => document.documentElement.classList.remove(CLASS), []);
  return {
    onFocus: () => document.documentElement.classList.add(CLASS),
    onBlur: () => document.documentElement.classList.remove(CLASS),
  };
}
