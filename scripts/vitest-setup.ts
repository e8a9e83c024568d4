/**
 * Testing Library's findBy… and waitFor give up after 1 s by default. On the 2-core CI machine,
 * with the suites running side by side, a jsdom render has taken longer than that (a studio test
 * failed at 1.17 s under load). They wait for a condition, not for a time: a longer limit costs
 * nothing when the page is quick, and a render that never comes still fails.
 */
import { configure } from "@testing-library/dom";

configure({ asyncUtilTimeout: 5_000 });
