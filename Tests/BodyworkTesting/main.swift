// `bodywork-testing`: the command line the end-to-end tests run. With BODYWORK_TEST_RULES=1
// it adds the test-only rules of TestRules.swift; the shipping `bodywork` never has them.
import BodyworkCLI
import Codemod

CommandLineEntry.main { environment in
    environment["BODYWORK_TEST_RULES"] == "1" ? testOnlyRules : []
}
