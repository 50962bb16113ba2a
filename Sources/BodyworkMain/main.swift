// The shipping `bodywork` executable: the command line with the registry's rules only.
import BodyworkCLI

CommandLineEntry.main()
