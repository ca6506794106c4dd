import { within } from '@testing-library/react';
import { customProfile, FakeApi } from '../../../../support/fakeApi';
import { activePanel, answerState, renderResponse, response } from '../../responseHarness';

describe('the Code view', () => {
  it('shows the request for the active profile with the key read from the environment, in three languages', async () => {
    const fake = new FakeApi();
    fake.profiles = {
      activeProfileId: 'staging',
      profiles: [
        ...fake.profiles.profiles,
        customProfile('staging', {
          name: 'Staging',
          baseUrl: 'https://staging.example.com',
          auth: { kind: 'header', header: 'X-API-Key' },
        }),
      ],
    };
    const { user } = renderResponse(answerState('ok', { customer_name: "O'Brien" }), fake);
    await user.click(within(response()).getByRole('tab', { name: 'Code' }));
    const code = () => activePanel().querySelector('.code-snippet')?.textContent ?? '';
    expect(await within(activePanel()).findByText(/^curl /)).toBeInTheDocument();
    expect(code()).toContain("curl 'https://staging.example.com/api/agent/11111111-1111-4111-8111-111111111111/invoke/'");
    expect(code()).toContain('-H "X-API-Key: $AGENT_EXPLORER_API_KEY"');
    expect(code()).toContain(`"customer_name":"O'\\''Brien"`);
    expect(within(activePanel()).getByText('Staging')).toBeInTheDocument();
    expect(within(activePanel()).getByRole('button', { name: 'Copy cURL' })).toBeInTheDocument();

    await user.click(within(activePanel()).getByRole('radio', { name: 'JavaScript fetch' }));
    expect(code()).toContain('"X-API-Key": process.env.AGENT_EXPLORER_API_KEY,');
    expect(within(activePanel()).getByRole('button', { name: 'Copy JavaScript fetch' })).toBeInTheDocument();

    await user.click(within(activePanel()).getByRole('radio', { name: 'Python requests' }));
    expect(code()).toContain('"X-API-Key": os.environ["AGENT_EXPLORER_API_KEY"],');
    expect(within(activePanel()).getByRole('radiogroup', { name: 'Language' })).toBeInTheDocument();
  });
});
