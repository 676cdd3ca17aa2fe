import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useTheme } from '../hooks/use-theme';
import type { Theme } from '../hooks/theme';

/** Light/dark radio choice; the choice is stored and applied at once. */
export function ThemeChooser() {
  const { t } = useLingui();
  const [theme, setTheme] = useTheme();
  const name = useId();
  const options: { value: Theme; label: string }[] = [
    { value: 'light', label: t`Clair` },
    { value: 'dark', label: t`Sombre` },
  ];
  return (
    <fieldset className="theme-chooser">
      <legend>{t`Thème`}</legend>
      {options.map((option) => (
        <label key={option.value} className="theme-chooser__option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={theme === option.value}
            onChange={() => setTheme(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
