// Away from the server's default 3000 so a developer's running instance never answers the tests.
// E2E_PORT lets two runs on one machine keep their servers apart.
export const e2ePort = Number(process.env.E2E_PORT ?? 3107);
