import { screen, waitFor } from '@testing-library/react';
import { HOST_UNREACHABLE, HostUnavailableError } from '../../../../renderer/host/httpApi';
import { FakeApi } from '../../../support/fakeApi';
import { renderApp, renderReady } from '../renderApp';

describe('app shell', () => {
  it('starts loading and becomes ready once profiles and known lists have arrived', async () => {
    const { container } = renderApp();
    expect(container.querySelector('[data-app-state="loading"]')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('[data-app-state="ready"]')).not.toBeNull());
    expect(screen.getByRole('combobox', { name: 'Agent' })).toBeEnabled();
    expect(screen.getByText('Agent Explorer')).toBeInTheDocument();
  });

  it('shows the host kind from getAppInfo', async () => {
    await renderReady();
    expect(await screen.findByText('Browser mode')).toBeInTheDocument();
  });

  it('says so, with the reason, when the host cannot be reached', async () => {
    const fake = new FakeApi();
    fake.listProfiles = async () => {
      throw new HostUnavailableError(HOST_UNREACHABLE, null);
    };
    const { container } = renderApp(fake);
    await waitFor(() => expect(container.querySelector('[data-app-state="error"]')).not.toBeNull());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Agent Explorer cannot reach its host.');
    expect(alert).toHaveTextContent('Is it still running in its terminal?');
    expect(alert.textContent).not.toContain('`');
  });

  it('has Agents, Guidelines, History and Runs tabs that switch with the arrow keys and keep drafts', async () => {
    const { user } = await renderReady();
    const agentsTab = screen.getByRole('tab', { name: 'Agents' });
    expect(agentsTab).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'draft text');

    agentsTab.focus();
    await user.keyboard('{ArrowRight}');
    const guidelinesTab = screen.getByRole('tab', { name: 'Guidelines' });
    expect(guidelinesTab).toHaveAttribute('aria-selected', 'true');
    expect(guidelinesTab).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Guidelines' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Text' })).toBeNull();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'History' })).toBeVisible();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Runs' })).toBeVisible();

    await user.keyboard('{ArrowRight}');
    expect(agentsTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('draft text');
  });
});
