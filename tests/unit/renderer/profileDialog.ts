import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { customProfile, FakeApi } from '../../support/fakeApi';

/** A fake host with the Sandbox and a custom "Production" profile (no key unless given). */
export function fakeWithProduction(overrides: Parameters<typeof customProfile>[1] = {}) {
  const fake = new FakeApi();
  fake.profiles = {
    activeProfileId: 'sandbox',
    profiles: [...fake.profiles.profiles, customProfile('prod', { name: 'Production', baseUrl: 'https://api.example.com', ...overrides })],
  };
  return fake;
}

/** Opens Manage profiles from the header and returns the dialog. */
export async function openProfiles(user: UserEvent) {
  await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Manage profiles' }));
  return screen.getByRole('dialog', { name: 'Profiles' });
}

/** Opens Manage profiles and shows the named profile; returns the dialog. */
export async function openProfile(user: UserEvent, name: string) {
  const dialog = await openProfiles(user);
  await user.click(within(dialog).getByRole('button', { name }));
  return dialog;
}

/** The Profile select in the header. */
export function headerSelect() {
  return within(screen.getByRole('banner')).getByRole('combobox', { name: 'Profile' });
}

/** Every input's value and the whole text of the page, to check a secret shows nowhere. */
export function everythingOnScreen(): string {
  const values = [...document.body.querySelectorAll('input, textarea, select')].map((element) => (element as HTMLInputElement).value);
  return [document.body.textContent ?? '', ...values].join('\n');
}
