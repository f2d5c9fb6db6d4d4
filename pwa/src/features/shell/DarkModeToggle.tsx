import { MoonIcon, SunIcon } from '../../ui/icons.tsx';
import { useDarkMode } from './use-dark-mode.ts';

/** Header theme switch; its label names the mode it switches to. */
export function DarkModeToggle() {
  const [dark, setDark] = useDarkMode();
  const label = dark ? 'Mod luminos' : 'Mod întunecat';
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={label}
      title={label}
      onClick={() => setDark(!dark)}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
