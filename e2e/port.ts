// Away from the server's default 3000 so a developer's running instance never answers the tests.
export const e2ePort = 3107;
