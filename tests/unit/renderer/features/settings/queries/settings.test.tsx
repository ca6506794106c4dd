import { screen, within } from '@testing-library/react';
import { renderReady } from '../../../renderApp';

describe('Settings', () => {
  it('shows the response size limit in MB and saves a new one', async () => {
    const { user, fake } = await renderReady();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const field = within(dialog).getByLabelText('Response size limit (MB)');
    expect(field).toHaveValue('50');

    await user.clear(field);
    await user.type(field, '120');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('updateSettings')).toEqual([{ maxResponseBytes: 120 * 1024 * 1024 }]);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Saved.');
    expect(field).toHaveValue('120');
  });

  it('keeps what was typed and says why when the host refuses it', async () => {
    const { user, fake } = await renderReady();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const field = within(dialog).getByLabelText('Response size limit (MB)');
    await user.clear(field);
    await user.type(field, '0.0001');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The response size limit must be from 1 KB to 1 GB.')).toBeInTheDocument();
    expect(field).toHaveValue('0.0001');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fake.settings.maxResponseBytes).toBe(50 * 1024 * 1024);

    await user.clear(field);
    await user.type(field, 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a size in MB, for example 50.')).toBeInTheDocument();
    expect(fake.callsOf('updateSettings')).toHaveLength(1);
  });
});

describe('the save-to-file limit', () => {
  it('shows 256 MB by default and saves a new one, alone', async () => {
    const { user, fake } = await renderReady();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const field = within(dialog).getByLabelText('Save-to-file limit (MB)');
    expect(field).toHaveValue('256');
    expect(field).toHaveAccessibleDescription(/stops at this size/);

    await user.clear(field);
    await user.type(field, '1024');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('updateSettings')).toEqual([{ maxSavedFileBytes: 1024 * 1024 * 1024 }]);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Saved.');
    expect(field).toHaveValue('1024');
    expect(within(dialog).getByLabelText('Response size limit (MB)')).toHaveValue('50');
  });

  it('says why beside the field when the host refuses it', async () => {
    const { user } = await renderReady();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const field = within(dialog).getByLabelText('Save-to-file limit (MB)');
    await user.clear(field);
    await user.type(field, '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The save-to-file limit must be from 1 MB to 1 TB.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('The save-to-file limit must be from 1 MB to 1 TB.');
  });
});

describe('the largest run', () => {
  it('shows a million requests by default, takes a number with separators, and refuses one that is not whole', async () => {
    const { user, fake } = await renderReady();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const field = within(dialog).getByLabelText('Largest run (requests)');
    expect(field).toHaveValue('1000000');
    expect(field).toHaveAccessibleDescription(/refused before anything is sent/);

    await user.clear(field);
    await user.type(field, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a whole number of requests, for example 1,000,000.')).toBeInTheDocument();
    expect(fake.callsOf('updateSettings')).toEqual([]);

    await user.clear(field);
    await user.type(field, '5,000,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('updateSettings')).toEqual([{ maxRunRequests: 5_000_000 }]);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Saved.');
    expect(field).toHaveValue('5000000');
  });
});
