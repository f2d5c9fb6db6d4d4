import { type InputHTMLAttributes, useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons.tsx';
import { TextField } from './TextField.tsx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  id: string;
  label: string;
  error?: string;
};

/** Password input with a show/hide toggle. */
export function PasswordField(props: Props) {
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible ? 'Ascunde parola' : 'Arată parola';
  return (
    <TextField
      {...props}
      className="field--password"
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field-toggle"
          aria-label={toggleLabel}
          title={toggleLabel}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </button>
      }
    />
  );
}
