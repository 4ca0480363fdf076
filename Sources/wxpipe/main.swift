#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WxpipeCommands

exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
