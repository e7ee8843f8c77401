import ArgumentParser

@main
struct MapperCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mapper")
}
